import type { RunLimit } from './runner.js';

/**
 * What a run may use, the figures the server's runner starts from (packages/runner `DEFAULT_LIMITS`, a test
 * keeps the two equal). Python in the browser stops at the same CPU time, measured as the time the program
 * runs and does not wait for a typed line; while it waits, the interactive wall clock applies.
 */
export const RUN_LIMITS = {
  cpuMs: 5_000,
  wallMs: 10_000,
  interactiveWallMs: 120_000,
  outputBytes: 64 * 1024,
} as const;

export type RunLimitFigures = { cpuMs: number; wallMs: number; interactiveWallMs: number; outputBytes: number };

const seconds = (ms: number) => (ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 100) / 10} s`);

/** The runner's words when a limit stopped a program (packages/runner `limitMessage`, phase run). */
export function timeLimitMessage(limit: Extract<RunLimit, 'cpu-time' | 'wall-time'>, limits: RunLimitFigures, interactive: boolean) {
  if (limit === 'cpu-time') return `Time limit exceeded (${seconds(limits.cpuMs)})`;
  return interactive
    ? `Time limit exceeded (${seconds(limits.interactiveWallMs)}: the longest a program may run while you type its input)`
    : `Time limit exceeded (${seconds(limits.wallMs)} wall clock: the program was still running, perhaps sleeping or waiting)`;
}

/** What `_learn_run` (below) returns, as JSON. */
export type PyodideRunOutcome =
  { syntax: true; line: number; column: number; message: string; output: string } | { syntax: false; status: number; interrupted: boolean };

/**
 * Python that runs a learner's program in Pyodide as `python3 main.py` runs it on the server, and gives
 * every run a clean interpreter: modules the last program imported are forgotten (so `import logging` runs
 * the module afresh: no handlers or levels from an earlier `basicConfig`), as are `logging` and `random`,
 * which Pyodide itself has loaded; builtins, sys.path, sys.argv, the recursion limit, warning filters,
 * the environment, stdin's buffer and the files of the last run go back to how they started; atexit
 * handlers run at the end, as at interpreter exit. The program runs in a fresh `__main__` module in an
 * empty working folder. The web worker and the content check (which runs every example here as well as on
 * the server) load this same code.
 */
export const PYODIDE_RUNNER = `
import sys, os, io, json, traceback, builtins, shutil, types, warnings, atexit, gc

_learn_modules = set(sys.modules) - {"logging", "random"}
_learn_builtins = dict(builtins.__dict__)
_learn_path = list(sys.path)
_learn_argv = list(sys.argv)
_learn_warnings = list(warnings.filters)
_learn_recursion = sys.getrecursionlimit()
_learn_env = dict(os.environ)
_learn_main = sys.modules["__main__"]
_learn_hooks = (sys.displayhook, sys.excepthook)
_learn_work = "/home/pyodide/work"
_learn_home = "/home/pyodide"

def _learn_reset():
    for name in list(sys.modules):
        if name not in _learn_modules and name.split(".")[0] not in ("_pyodide", "pyodide", "js", "pyodide_js"):
            del sys.modules[name]
    names = builtins.__dict__
    for key in [k for k in names if k not in _learn_builtins]:
        del names[key]
    names.update(_learn_builtins)
    sys.path[:] = _learn_path
    sys.argv[:] = _learn_argv
    warnings.filters[:] = _learn_warnings
    warnings._filters_mutated()
    sys.setrecursionlimit(_learn_recursion)
    sys.set_int_max_str_digits(4300)
    sys.settrace(None)
    sys.setprofile(None)
    sys.displayhook, sys.excepthook = _learn_hooks
    os.environ.clear()
    os.environ.update(_learn_env)
    sys.modules["__main__"] = _learn_main
    gc.enable()
    os.chdir(_learn_home)
    for folder in (_learn_work, "/tmp"):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder, exist_ok=True)
    os.chdir(_learn_work)
    # A new stdin: nothing the last program left unread in the buffer reaches this one.
    sys.stdin = sys.__stdin__ = open(0, "r", encoding="utf-8", closefd=False)
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__

def _learn_run(source):
    _learn_reset()
    # As on the server, the program's own file is main.py in the folder it runs in (a test harness reads it).
    with open("main.py", "w", encoding="utf-8") as f:
        f.write(source)
    try:
        code = compile(source, "main.py", "exec")
    except SyntaxError as e:
        text = "".join(traceback.format_exception_only(type(e), e))
        return json.dumps({"syntax": True, "line": e.lineno or 1, "column": e.offset or 1, "message": e.msg, "output": text})
    status = 0
    interrupted = False
    main = types.ModuleType("__main__")
    main.__file__ = "main.py"
    main.__builtins__ = builtins
    sys.modules["__main__"] = main
    sys.argv[:] = ["main.py"]
    try:
        exec(code, main.__dict__)
    except SystemExit as e:
        status = _learn_exit_status(e)
    except KeyboardInterrupt:
        interrupted = True
    except BaseException as e:
        tb = e.__traceback__
        traceback.print_exception(type(e), e, tb.tb_next if tb else None)
        status = 1
    finally:
        if not interrupted:
            try:
                atexit._run_exitfuncs()
            except KeyboardInterrupt:
                interrupted = True
            except BaseException:
                pass
        atexit._clear()
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except BaseException:
                pass
    return json.dumps({"syntax": False, "status": status, "interrupted": interrupted})

def _learn_exit_status(e):
    if e.code is None:
        return 0
    if isinstance(e.code, int):
        return e.code & 0xFF
    print(e.code, file=sys.stderr)
    return 1
`;
