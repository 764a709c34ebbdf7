// heic-decode ships no types; this is the part of its API the media library uses.
declare module 'heic-decode' {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, four bytes a pixel. */
    data: Uint8ClampedArray;
  }
  export default function decode(options: { buffer: Buffer | Uint8Array }): Promise<DecodedHeic>;
}
