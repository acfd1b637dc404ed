/**
 * The back office's page-content calls: read every section, save one whole
 * (from the version being edited), upload an image. All for sellers only;
 * replies are validated against the contract.
 */
import {
  savedSectionSchemas,
  sellerContentApiRoutes,
  sellerContentResponseSchema,
  uploadedImageSchema,
  type ContentSection,
  type SavedSection,
  type SellerContentResponse,
  type UploadedImage,
  type WorkshopContent,
} from '@wifi7/contract';
import type { ResponseSchema } from '../../../lib/api-client';
import { authorizedRequest } from '../../../lib/authorized-request';

export function fetchSellerContent(): Promise<SellerContentResponse> {
  return authorizedRequest(
    { method: 'GET', url: sellerContentApiRoutes.content },
    sellerContentResponseSchema,
  );
}

export async function saveContentSection<S extends ContentSection>(
  section: S,
  version: string,
  value: WorkshopContent[S],
): Promise<SavedSection<S>> {
  // Each section's schema parses to that section's shape; TypeScript cannot follow `S` through the table.
  const schema = savedSectionSchemas[section] as unknown as ResponseSchema<SavedSection<S>>;
  return authorizedRequest(
    { method: 'PUT', url: sellerContentApiRoutes[section], data: { version, value } },
    schema,
  );
}

/** Sends the file's bytes as they are; the server reads the type from them. */
export function uploadImage(file: Blob): Promise<UploadedImage> {
  return authorizedRequest(
    {
      method: 'POST',
      url: sellerContentApiRoutes.images,
      data: file,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    },
    uploadedImageSchema,
  );
}
