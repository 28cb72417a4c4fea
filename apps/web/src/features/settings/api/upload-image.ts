import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload';
import { newIdempotencyKey } from '../../../lib/use-submission';

/**
 * Uploads an image of the branding or the footer; its public `url` goes straight into them. One
 * key per upload: a 503 or a lost connection is tried again (ADR 0070).
 */
export const useUploadImage = () =>
  useMutation({
    mutationFn: (file: File) => uploadFile(file, { idempotencyKey: newIdempotencyKey() }),
  });
