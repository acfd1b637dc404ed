/** Uploading an image for a section: the server reads its type from the bytes. */
import { sellerContentApiRoutes, uploadedImageSchema } from '@wifi7/contract';
import { useMutation } from '@tanstack/react-query';
import { sellerPost } from '../../shell/seller-api';

export const useUploadImage = () =>
  useMutation({
    mutationFn: (file: Blob) =>
      sellerPost(sellerContentApiRoutes.images, file, uploadedImageSchema, {
        'Content-Type': file.type || 'application/octet-stream',
      }),
  });
