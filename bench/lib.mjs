// Pieces the benchmark scripts share.
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';

/** A port nobody listens on (the kernel picks it); a random one once collided with the other server of a pair. */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Writes `section` into the markdown `file` in place of the section whose heading starts with `heading`, or, when
 * there is none, before the section starting with `before` (at the end without it).
 */
export function writeSection(file, heading, section, before) {
  let md = readFileSync(file, 'utf8');
  section = section.trimEnd() + '\n\n';
  const at = md.indexOf(heading);
  if (at >= 0) {
    const next = md.indexOf('\n## ', at + 1);
    md = md.slice(0, at) + section + (next >= 0 ? md.slice(next + 1) : '');
  } else {
    const b = md.indexOf(before);
    md = b >= 0 ? md.slice(0, b) + section + md.slice(b) : md + '\n' + section;
  }
  writeFileSync(file, md);
}
