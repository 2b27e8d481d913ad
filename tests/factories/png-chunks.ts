/**
 * Hand-built PNG chunks for the upload tests: a chunk is its length, type, data and the CRC-32 of
 * type + data (PNG specification, section 5.3), so tests can add metadata or craft bombs that a
 * decoder still accepts as well formed.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE) as PNG and zip use it. */
export const crc32 = (b: Uint8Array) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** One PNG chunk: length, type, data, CRC. */
export const pngChunk = (type: string, data: Uint8Array): Uint8Array => {
  const typed = Uint8Array.from([...new TextEncoder().encode(type), ...data]);
  return Uint8Array.from([...be32(data.length), ...typed, ...be32(crc32(typed))]);
};
