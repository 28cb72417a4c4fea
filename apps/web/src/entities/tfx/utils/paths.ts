/** Spec §2: where a student uploads their finished work (and corrects a rejected one). */
export const UPLOAD_WORK_PATH = '/tfx/create/form?status=finished';

/** Spec §2: the final-work library and the external repository. */
export const LIBRARY_PATH = '/tfx';
export const EXTERNAL_LIBRARY_PATH = '/tfx/external';

/** A work's page. */
export const workPath = (id: number) => `/tfx/${id}`;
