/**
 * Real images for tests, made with sharp: a phone photo's JPEG carrying
 * GPS coordinates, the camera's make and XMP, and small PNG and WebP files.
 */
import sharp from 'sharp';

/** Where the sample photo says it was taken (the Golden Gate Park), as EXIF writes it. */
export const PHOTO_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '37/1 46/1 30/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '122/1 28/1 10/1',
};
export const PHOTO_CAMERA_MAKE = 'PhoneMaker';
export const PHOTO_XMP_MARKER = 'seller-home-address';

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/** A 24 × 16 JPEG as a phone writes it: EXIF with GPS, XMP, and an orientation tag (90°). */
export async function phonePhotoJpeg(): Promise<Buffer> {
  return canvas(24, 16)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: PHOTO_CAMERA_MAKE }, IFD3: PHOTO_GPS })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${PHOTO_XMP_MARKER}</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
}

/** A small PNG and WebP, each with an EXIF camera make. */
export async function pngWithExif(width = 8, height = 8): Promise<Buffer> {
  return canvas(width, height)
    .png()
    .withExif({ IFD0: { Make: PHOTO_CAMERA_MAKE } })
    .toBuffer();
}

export async function webpWithExif(): Promise<Buffer> {
  return canvas(8, 8)
    .webp()
    .withExif({ IFD0: { Make: PHOTO_CAMERA_MAKE } })
    .toBuffer();
}
