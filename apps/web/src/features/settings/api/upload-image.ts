import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload';

/** Uploads an image of the branding or the footer; its public `url` goes straight into them. */
export const useUploadImage = () => useMutation({ mutationFn: (file: File) => uploadFile(file) });
