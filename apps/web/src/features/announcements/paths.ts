/** Where the admins' communications live (ADR 0046). */
export const COMMUNICATIONS_PATH = '/admin/comunicaciones';
export const NEW_COMMUNICATION_PATH = `${COMMUNICATIONS_PATH}/nueva`;
export const communicationPath = (id: number) => `${COMMUNICATIONS_PATH}/${id}`;
