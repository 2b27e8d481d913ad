/**
 * Photo files carrying what a phone or an editor writes into them: EXIF with the GPS position, the
 * camera's make, model and serial number and the owner's name; XMP; IPTC (Photoshop APP13); a
 * comment; PNG text / eXIf / tIME chunks; WebP EXIF and XMP chunks. Every such value holds one of
 * PRIVATE_STRINGS, so a test can check that none of them is left in a served file.
 */
const te = new TextEncoder();

/** Each of these appears only in metadata: finding one in a served file means metadata leaked. */
export const PRIVATE = {
  name: 'Ramesh Kumar Sharma',
  make: 'SecretCamCo',
  model: 'Galaxy-S99-Ultra-Private',
  serial: 'SN-4711-0815-PRIV',
  software: 'PrivateEditor 9.1',
  comment: 'Shot at home, flat 4B, Koregaon Park',
  xmpMarker: 'http://ns.adobe.com/xap/1.0/',
  iptcByline: 'IPTC-Byline-Ramesh',
  pngText: 'Author-Ramesh-PNG',
  trailer: 'SEFT-trailer-location',
} as const;
export const PRIVATE_STRINGS = Object.values(PRIVATE);
/** Pune, as the phone writes it: 18° 31' 12.34" N, 73° 51' 23.45" E */
export const GPS = { lat: [18, 31, 1234] as const, lng: [73, 51, 2345] as const };

export const containsBytes = (haystack: Uint8Array, needle: string | Uint8Array) => {
  const n = typeof needle === 'string' ? te.encode(needle) : needle;
  outer: for (let i = haystack.indexOf(n[0]!); i >= 0 && i + n.length <= haystack.length; i = haystack.indexOf(n[0]!, i + 1)) {
    for (let k = 1; k < n.length; k++) if (haystack[i + k] !== n[k]) continue outer;
    return true;
  }
  return false;
};
import { pngChunk } from './png-chunks';

const concat = (...parts: (Uint8Array | number[])[]) => {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
const be16 = (n: number) => [(n >> 8) & 255, n & 255];
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

/**
 * A big-endian TIFF (EXIF body): IFD0 with Make, Model, Orientation, Software, Artist, a serial
 * number and a pointer to a GPS IFD with latitude and longitude.
 */
export const exifTiff = (orientation = 1) => {
  type Entry = { tag: number; type: number; count: number; data: number[] };
  const text = (s: string) => [...te.encode(s), 0];
  const rationals = (dms: readonly [number, number, number]) => [...be32(dms[0]), ...be32(1), ...be32(dms[1]), ...be32(1), ...be32(dms[2]), ...be32(100)];
  const ifd0: Entry[] = [
    { tag: 0x010f, type: 2, count: PRIVATE.make.length + 1, data: text(PRIVATE.make) },
    { tag: 0x0110, type: 2, count: PRIVATE.model.length + 1, data: text(PRIVATE.model) },
    { tag: 0x0112, type: 3, count: 1, data: [...be16(orientation), 0, 0] },
    { tag: 0x0131, type: 2, count: PRIVATE.software.length + 1, data: text(PRIVATE.software) },
    { tag: 0x013b, type: 2, count: PRIVATE.name.length + 1, data: text(PRIVATE.name) },
    { tag: 0x8825, type: 4, count: 1, data: [] }, // GPS IFD offset, filled below
    { tag: 0xa431, type: 2, count: PRIVATE.serial.length + 1, data: text(PRIVATE.serial) },
  ];
  const gps: Entry[] = [
    { tag: 0x0001, type: 2, count: 2, data: [0x4e, 0, 0, 0] }, // "N"
    { tag: 0x0002, type: 5, count: 3, data: rationals(GPS.lat) },
    { tag: 0x0003, type: 2, count: 2, data: [0x45, 0, 0, 0] }, // "E"
    { tag: 0x0004, type: 5, count: 3, data: rationals(GPS.lng) },
  ];
  const ifdSize = (entries: Entry[]) => 2 + entries.length * 12 + 4;
  const extra = (entries: Entry[]) => entries.reduce((n, e) => n + (e.data.length > 4 ? e.data.length + (e.data.length & 1) : 0), 0);
  const ifd0At = 8;
  const gpsAt = ifd0At + ifdSize(ifd0) + extra(ifd0);
  ifd0[5]!.data = be32(gpsAt);
  const write = (entries: Entry[], at: number) => {
    const head: number[] = [...be16(entries.length)];
    const tail: number[] = [];
    let dataAt = at + ifdSize(entries);
    for (const e of entries) {
      head.push(...be16(e.tag), ...be16(e.type), ...be32(e.count));
      if (e.data.length <= 4) head.push(...e.data, ...Array<number>(4 - e.data.length).fill(0));
      else {
        head.push(...be32(dataAt));
        tail.push(...e.data, ...(e.data.length & 1 ? [0] : []));
        dataAt += e.data.length + (e.data.length & 1);
      }
    }
    head.push(0, 0, 0, 0);
    return [...head, ...tail];
  };
  return Uint8Array.from([0x4d, 0x4d, 0x00, 0x2a, ...be32(ifd0At), ...write(ifd0, ifd0At), ...write(gps, gpsAt)]);
};

const xmpPacket = () =>
  te.encode(
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
      `<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="18,31.2057N" exif:GPSLongitude="73,51.3908E">` +
      `<dc:creator><rdf:Seq><rdf:li>${PRIVATE.name}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
  );

const jpegSegment = (marker: number, payload: Uint8Array) => concat([0xff, marker, ...be16(payload.length + 2)], payload);

/**
 * `jpeg` as a phone and an editor leave it: EXIF (with `orientation`, GPS, names, serial), XMP, IPTC
 * in Photoshop's APP13, a comment, a second (thumbnail-carrying) JFIF-like APP0 extension, and a
 * maker's trailer after the end-of-image marker.
 */
export const jpegWithMetadata = (jpeg: Uint8Array, orientation = 1) => {
  const exif = jpegSegment(0xe1, concat(te.encode('Exif\0\0'), exifTiff(orientation)));
  const xmp = jpegSegment(0xe1, concat(te.encode(`${PRIVATE.xmpMarker}\0`), xmpPacket()));
  const byline = te.encode(PRIVATE.iptcByline);
  const iptc = concat([0x1c, 0x02, 0x50, ...be16(byline.length)], byline); // IPTC 2:80 By-line
  const photoshop = jpegSegment(0xed, concat(te.encode('Photoshop 3.0\0'), te.encode('8BIM'), [0x04, 0x04, 0, 0], be32(iptc.length), iptc));
  const comment = jpegSegment(0xfe, te.encode(PRIVATE.comment));
  const jfxx = jpegSegment(0xe0, concat(te.encode('JFXX\0'), [0x13, 1, 1], te.encode(PRIVATE.model))); // an APP0 extension (thumbnail)
  return concat(jpeg.subarray(0, 2), exif, xmp, photoshop, jfxx, jpeg.subarray(2, jpeg.length - 2), comment, jpeg.subarray(jpeg.length - 2), te.encode(PRIVATE.trailer));
};

/** `png` with tEXt, iTXt (XMP), eXIf (GPS, names) and tIME chunks after IHDR. */
export const pngWithMetadata = (png: Uint8Array) => {
  const afterIhdr = 8 + 12 + 13;
  return concat(
    png.subarray(0, afterIhdr),
    pngChunk('tEXt', te.encode(`Author\0${PRIVATE.pngText}`)),
    pngChunk('iTXt', concat(te.encode('XML:com.adobe.xmp\0\0\0\0\0'), xmpPacket())),
    pngChunk('eXIf', exifTiff()),
    pngChunk('tIME', Uint8Array.from([0x07, 0xea, 11, 25, 10, 15, 0])),
    png.subarray(afterIhdr),
  );
};

/**
 * A simple (lossy `VP8 ` or lossless `VP8L`) WebP turned into an extended one carrying EXIF and XMP
 * chunks, with VP8X announcing them, as cameras and editors write it.
 */
export const webpWithMetadata = (webp: Uint8Array, width: number, height: number) => {
  const chunk = (type: string, data: Uint8Array) => concat(te.encode(type), le32(data.length), data, data.length & 1 ? [0] : []);
  const flags = 0x08 | 0x04; // EXIF, XMP
  const vp8x = chunk('VP8X', Uint8Array.from([flags, 0, 0, 0, ...le32(width - 1).slice(0, 3), ...le32(height - 1).slice(0, 3)]));
  const body = concat(te.encode('WEBP'), vp8x, webp.subarray(12), chunk('EXIF', exifTiff()), chunk('XMP ', xmpPacket()));
  return concat(te.encode('RIFF'), le32(body.length), body);
};
