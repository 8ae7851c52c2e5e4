import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './testing.js';

/**
 * Hostile programs, part 2: escapes. The network, the host's files, the server's environment and other
 * runs must all be out of reach. Listeners are opened here on the host so that "refused" means the sandbox
 * blocked it, not that nothing was listening.
 */
const SECRET = `learn-secret-${process.pid}-${Date.now()}`;
process.env.LEARN_RUNNER_TEST_SECRET = SECRET;
const hostDir = mkdtempSync(join(tmpdir(), 'learn-hostile-'));
const socketPath = join(hostDir, 'server.sock');
const servers: Server[] = [];
const ports: Record<string, number> = {};

function listen(key: string, opts: { port: number; host: string } | { path: string }) {
  return new Promise<void>((resolve) => {
    const s = createServer((c) => c.end('hello from the host\n'));
    servers.push(s);
    s.listen(opts, () => {
      if ('port' in opts) ports[key] = (s.address() as { port: number }).port;
      resolve();
    });
  });
}

beforeAll(async () => {
  await listen('v4', { port: 0, host: '127.0.0.1' });
  await listen('v6', { port: 0, host: '::1' });
  await listen('unix', { path: socketPath });
  writeFileSync(join(hostDir, 'server-file.txt'), 'host file');
});
afterAll(() => {
  servers.forEach((s) => s.close());
  rmSync(hostDir, { recursive: true, force: true });
});

const connect = (family: string, address: string) =>
  `import socket\ns = socket.socket(socket.${family}, socket.SOCK_STREAM)\ns.settimeout(2)\ntry:\n    s.connect(${address})\n    print("CONNECTED", s.recv(100))\nexcept OSError as e:\n    print("blocked", type(e).__name__)\n`;

describe('hostile programs: network', () => {
  it('cannot connect over IPv4 to a host listener on 127.0.0.1', async () => {
    const { run: r } = await run('python', connect('AF_INET', `("127.0.0.1", ${ports.v4})`));
    expect(r!.stdout).toMatch(/^blocked/);
  });
  it('cannot reach PostgreSQL on 127.0.0.1:5432', async () => {
    const { run: r } = await run('python', connect('AF_INET', '("127.0.0.1", 5432)'));
    expect(r!.stdout).toMatch(/^blocked/);
  });
  it('cannot reach Redis on 127.0.0.1:6379', async () => {
    const { run: r } = await run('python', connect('AF_INET', '("127.0.0.1", 6379)'));
    expect(r!.stdout).toMatch(/^blocked/);
  });
  it('cannot connect over IPv6 to a host listener on ::1', async () => {
    const { run: r } = await run('python', connect('AF_INET6', `("::1", ${ports.v6})`));
    expect(r!.stdout).toMatch(/^blocked/);
  });
  it('cannot reach the outside world (no route, no DNS)', async () => {
    const { run: r } = await run(
      'python',
      connect('AF_INET', '("1.1.1.1", 80)') +
        'try:\n    socket.getaddrinfo("example.com", 80)\n    print("DNS")\nexcept OSError:\n    print("no DNS")\n',
    );
    expect(r!.stdout).toMatch(/^blocked/);
    expect(r!.stdout).toContain('no DNS');
  });
  it("cannot open the database's unix socket, nor a host unix socket", async () => {
    const code = `${connect('AF_UNIX', '"/var/run/postgresql/.s.PGSQL.5432"')}${connect('AF_UNIX', JSON.stringify(socketPath))}`;
    const { run: r } = await run('python', code);
    expect(r!.stdout).toBe('blocked FileNotFoundError\nblocked FileNotFoundError\n');
  });
  it('sees only a loopback interface', async () => {
    const { run: r } = await run('python', 'import socket\nprint([n for _, n in socket.if_nameindex()])');
    expect(r!.stdout).toBe("['lo']\n");
  });
});

describe("hostile programs: the host's files", () => {
  it('cannot read /etc/shadow (nor /etc at all)', async () => {
    const { run: r } = await run(
      'c',
      '#include <stdio.h>\nint main(void){ printf("%s %s\\n", fopen("/etc/shadow","r") ? "READ" : "no shadow", fopen("/etc/passwd","r") ? "READ" : "no passwd"); }',
    );
    expect(r!.stdout).toBe('no shadow no passwd\n');
  });
  it('#include "/etc/shadow" does not show the file in the compiler output', async () => {
    const { compile } = await run('c', '#include "/etc/shadow"\nint main(void){return 0;}');
    expect(compile!.ok).toBe(false);
    expect(compile!.output).toContain('No such file or directory');
    expect(compile!.output).not.toContain(readFileSync('/etc/shadow', 'utf8').split(':')[0] + ':*');
  });
  it("cannot see the server's files: the repository, /root, /home, /var, a host temp file", async () => {
    const paths = [process.cwd(), '/root', '/home', '/var', '/work/wt', join(hostDir, 'server-file.txt')];
    const { run: r } = await run('python', `import os\nfor p in ${JSON.stringify(paths)}:\n    print(os.path.exists(p))\n`);
    expect(existsSync(process.cwd())).toBe(true);
    expect(r!.stdout).toBe('False\n'.repeat(paths.length));
  });
  it('the work folder holds only the program; /usr is read-only', async () => {
    const { run: r } = await run(
      'python',
      'import os\nprint(os.listdir("."), os.getcwd())\ntry:\n    open("/usr/evil","w")\nexcept OSError as e:\n    print(e.errno)\n',
    );
    expect(r!.stdout).toBe("['main.py'] /work\n30\n");
  });
  it('cannot write outside the work folder', async () => {
    const code =
      'import os\nfor p in ["/evil", "/lib/evil", "/dev/evil", "/dev/shm/../evil", "/usr/lib/evil", "/etc/evil", "/proc/evil", "/work/main.py"]:\n    try:\n        open(p, "w").write("x")\n        print("WROTE", p)\n    except OSError as e:\n        print("no", p)\n';
    const { run: r } = await run('python', code);
    expect(r!.stdout).not.toContain('WROTE');
    expect(r!.stdout).toContain('no /dev/evil');
  });
  it('a symlink out of the work folder leads nowhere', async () => {
    const target = join(hostDir, 'server-file.txt');
    const code = `import os\nos.symlink(${JSON.stringify(target)}, "a")\nos.symlink("/etc/shadow", "b")\nos.symlink("/proc/1/root/etc/shadow", "c")\nfor n in "abc":\n    try:\n        print(open(n).read())\n    except OSError as e:\n        print("no", n)\n`;
    const { run: r } = await run('python', code);
    expect(r!.stdout).toBe('no a\nno b\nno c\n');
    expect(readFileSync(target, 'utf8')).toBe('host file');
  });
  it('a hard link to a file outside the work folder cannot be made', async () => {
    const code =
      'import os\nfor src in ["/usr/bin/python3.11", "/etc/shadow"]:\n    try:\n        os.link(src, "hl")\n        print("LINKED", src)\n    except OSError as e:\n        print(e.errno)\n';
    const { run: r } = await run('python', code);
    expect(r!.stdout).toBe('18\n2\n');
  });
  it('each run starts with a fresh work folder and /tmp', async () => {
    await run('python', 'open("mark","w").write("1")\nopen("/tmp/mark","w").write("1")\n');
    const { run: r } = await run('python', 'import os\nprint(os.path.exists("mark"), os.path.exists("/tmp/mark"))');
    expect(r!.stdout).toBe('False False\n');
  });
  it('/dev holds only the harmless devices', async () => {
    const { run: r } = await run('python', 'import os\nprint(sorted(n for n in os.listdir("/dev") if not n.startswith(".")))');
    expect(r!.stdout).not.toMatch(/sd[a-z]|nvme|mem'|kmsg/);
    expect(r!.stdout).toContain("'null'");
  });
});

describe("hostile programs: the server's environment and processes", () => {
  it("cannot read the server's environment, through its own environ or /proc/*/environ", async () => {
    const code =
      'import os, glob\nprint(sorted(os.environ))\nfor p in glob.glob("/proc/*/environ"):\n    try:\n        print(open(p, "rb").read())\n    except OSError:\n        pass\n';
    const { run: r } = await run('python', code);
    expect(r!.stdout.split('\n')[0]).toBe("['GLIBC_TUNABLES', 'HOME', 'LANG', 'PATH', 'PWD']");
    expect(r!.stdout).not.toContain(SECRET);
    expect(r!.stdout).not.toContain('LEARN_RUNNER_TEST_SECRET');
  });
  it('/proc/1 is the sandbox, not the host', async () => {
    const { run: r } = await run(
      'python',
      'print(open("/proc/1/cmdline","rb").read().split(b"\\0")[0])\nimport os\nprint(os.path.exists("/proc/1/root/work/wt"))',
    );
    expect(r!.stdout).toBe("b'/usr/bin/bwrap'\nFalse\n");
  });
  it('sees only its own processes and its own host name', async () => {
    const { run: r } = await run(
      'python',
      'import os, socket\nprint(len([p for p in os.listdir("/proc") if p.isdigit()]), socket.gethostname())',
    );
    expect(r!.stdout).toMatch(/^[1-3] sandbox\n$/);
  });
});
