import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Precompiled headers for C++: a C++ hello spends almost all of its 0.4-0.8 s compile parsing the standard
 * headers. A learner's program starts with its `#include <...>` lines; the runner builds, once per process,
 * per include block and per flag set (plain, sanitized), a header holding exactly that block and its `.gch`,
 * and compiles the program with `-include` of it. The header keeps the block's line layout, so an error
 * deep in a template still names the learner's own include line, and it holds only the headers the learner
 * included, so a forgotten `#include <vector>` is still an error. Anything else at the top (a `#define`
 * before the includes, an `#include "..."`), or a build that fails, compiles the plain way.
 */
export const PCH_HEADER = 'learn.hpp';
/** Where the header and its .gch are bound (read-only) inside the compile sandbox. */
export const PCH_MOUNT = '/pch';

/**
 * The program's leading block of standard includes, with comments blanked (line count kept), or null when
 * the program does not start that way.
 */
export function leadingIncludes(code: string): string | null {
  const lines = code.split('\n');
  const block: string[] = [];
  let includes = 0;
  let inComment = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (inComment) {
      block.push('');
      if (line.includes('*/')) {
        if (line.slice(line.indexOf('*/') + 2).trim()) return null;
        inComment = false;
      }
      continue;
    }
    if (line === '' || line.startsWith('//')) {
      block.push('');
      continue;
    }
    if (line.startsWith('/*')) {
      block.push('');
      if (!line.includes('*/')) inComment = true;
      else if (line.slice(line.indexOf('*/') + 2).trim()) return null;
      continue;
    }
    const m = /^#\s*include\s*<([\w./+-]+)>\s*(?:\/\/.*)?$/.exec(line);
    if (!m) break;
    block.push(`#include <${m[1]}>`);
    includes++;
  }
  if (includes === 0 || inComment) return null;
  // Trailing blank lines of the block are not part of it.
  while (block.at(-1) === '') block.pop();
  return block.join('\n') + '\n';
}

export interface PchBuild {
  /** Builds `learn.hpp.gch` from `learn.hpp` in `dir` with the given compiler flags; true when it worked. */
  (dir: string, flags: string[]): Promise<boolean>;
}

/** The headers built so far in this process, by include block and flags (a bounded number, oldest dropped). */
export class PchCache {
  private readonly entries = new Map<string, Promise<string | null>>();

  constructor(
    private readonly root: string,
    private readonly build: PchBuild,
    private readonly owner: number | null,
    private readonly capacity = 8,
  ) {}

  /** The folder holding the header and its .gch for this program and flags, or null to compile plainly. */
  async forProgram(code: string, flags: string[]): Promise<string | null> {
    const block = leadingIncludes(code);
    if (!block) return null;
    const key = createHash('sha256').update(flags.join('\0')).update('\0').update(block).digest('hex').slice(0, 24);
    let entry = this.entries.get(key);
    if (entry) {
      // Most recently used last, so the oldest is dropped first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    entry = this.make(key, block, flags);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) {
      const [oldest, dir] = this.entries.entries().next().value as [string, Promise<string | null>];
      this.entries.delete(oldest);
      // Removing a folder a compile is reading from is safe on Linux: its open files stay readable.
      void dir.then((d) => (d ? rm(d, { recursive: true, force: true }) : undefined));
    }
    return entry;
  }

  private async make(key: string, block: string, flags: string[]): Promise<string | null> {
    const dir = join(this.root, key);
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, PCH_HEADER), block);
      if (this.owner !== null) {
        await chown(dir, this.owner, this.owner);
        await chown(join(dir, PCH_HEADER), this.owner, this.owner);
      }
      if (await this.build(dir, flags)) return dir;
    } catch {
      // a plain compile then
    }
    await rm(dir, { recursive: true, force: true });
    return null;
  }

  async dispose() {
    this.entries.clear();
    await rm(this.root, { recursive: true, force: true });
  }
}

/** The compiler's text with the precompiled header's name back as the learner's file (same line numbers). */
export function unPch(output: string, fileName: string): string {
  // gcc names the header as it was when the .gch was built (`learn.hpp`), or by its mount path.
  return output.replace(/(?:\/pch\/)?learn\.hpp(?=:\d)/g, fileName).replace(/,\n\s+from <command-line>:/g, ':');
}

/** Removes the header folders (about 30 MB each) and seccomp filters of runner processes that are gone. */
export function removeStalePch(workRoot: string) {
  let entries: string[];
  try {
    entries = readdirSync(workRoot);
  } catch {
    return;
  }
  for (const e of entries) {
    const pid = /^(?:pch-(\d+)(?:-|$)|seccomp-(\d+)\.bpf$)/.exec(e)?.slice(1).find(Boolean);
    if (pid && !existsSync(`/proc/${pid}`)) rmSync(join(workRoot, e), { recursive: true, force: true });
  }
}
