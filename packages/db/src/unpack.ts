import { mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Unpacks a PGlite data directory tarball (`dumpDataDir('gzip')`: gzip, ustar, paths from the data directory's root)
 * into `dir`, which must not exist yet. The files are written by Node itself: PGlite's own `loadDataDir` inflates the
 * tarball in JavaScript and writes it through the WebAssembly file system, about 0.7–0.9 s more for the 49 MB demo
 * template on the 2-core benchmark machine (docs/performance.md). It unpacks into `<dir>.unpacking` and renames that
 * when done, so an interrupted first start leaves no half-written database behind.
 */
export function unpackDataDir(tarball: Buffer, dir: string): void {
  const tar = gunzipSync(tarball);
  const staging = `${dir}.unpacking`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o750 });
  const root = path.resolve(staging);
  const text = (header: Buffer, at: number, length: number) => {
    const raw = header.toString('latin1', at, at + length);
    const end = raw.indexOf('\0');
    return (end === -1 ? raw : raw.slice(0, end)).trim();
  };
  const octal = (header: Buffer, at: number, length: number) => parseInt(text(header, at, length) || '0', 8);
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header[0] === 0) break; // end of archive
    // ustar name (100 bytes at 0) and prefix (131 bytes at 345: the star layout PGlite writes keeps times after it)
    const name = path.posix.join(text(header, 345, 131), text(header, 0, 100));
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8) & 0o777;
    const type = header.readUInt8(156); // the loop keeps whole 512-byte headers
    const target = path.resolve(root, `.${path.posix.sep}${name}`);
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`template entry outside the data directory: ${name}`);
    at += 512;
    if (type === 0x35 /* '5', directory */) {
      mkdirSync(target, { recursive: true, mode: mode || 0o750 });
    } else if (type === 0x30 /* '0' */ || type === 0) {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o750 });
      writeFileSync(target, tar.subarray(at, at + size), { mode: mode || 0o600 });
      const mtime = octal(header, 136, 12);
      if (mtime) utimesSync(target, mtime, mtime);
    } else {
      throw new Error(`unexpected template entry type ${String.fromCharCode(type)}: ${name}`);
    }
    at += Math.ceil(size / 512) * 512;
  }
  renameSync(staging, dir);
}
