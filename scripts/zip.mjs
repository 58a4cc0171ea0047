// A zip that depends only on its files' names and bytes: entries sorted, one fixed time, fixed
// attributes and deflate level, no extra fields. Two packs of the same files are byte-identical.
// `node scripts/zip.mjs <dir> <out.zip>` packs a folder.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

const DOS_TIME = 0; // 00:00:00
const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01, the first date a zip can hold

/** Writes `entries` ({ name, data }) to `out`, in name order. */
export function writeZip(out, entries) {
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of sorted) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data, { level: 9 });
    const stored = packed.length >= data.length;
    const body = stored ? data : packed;
    const fields = { method: stored ? 0 : 8, crc: crc32(data), size: body.length, raw: data.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(fields.method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(fields.crc, 14);
    local.writeUInt32LE(fields.size, 18);
    local.writeUInt32LE(fields.raw, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, zip 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(fields.method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(fields.crc, 16);
    central.writeUInt32LE(fields.size, 20);
    central.writeUInt32LE(fields.raw, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(((name.endsWith('.sh') ? 0o100755 : 0o100644) << 16) >>> 0, 38); // a regular file
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(sorted.length, 8);
  end.writeUInt16LE(sorted.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(out, Buffer.concat([...locals, directory, end]));
}

/** Every file under `dir`, named by its path inside it with forward slashes. */
export function filesOf(dir) {
  const walk = (d) =>
    readdirSync(d).flatMap((name) => {
      const full = path.join(d, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return walk(dir).map((full) => ({
    name: path.relative(dir, full).split(path.sep).join('/'),
    data: readFileSync(full),
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, out] = process.argv.slice(2);
  if (!dir || !out) {
    console.error('usage: node scripts/zip.mjs <dir> <out.zip>');
    process.exit(2);
  }
  writeZip(out, filesOf(dir));
}
