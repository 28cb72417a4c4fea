/** Types of chromium.mjs for the TypeScript e2e harness. */
export const CHROMIUM_PATH: string;
export const CHROMIUM_FLAGS: string[];
