/** The web tests' one set of API fakes (fake-api.ts explains how a test uses them). */
export * from './accounts';
export * from './branding';
export * from './envelopes';
export * from './fake-api';
export * from './projects';
export * from './legal';
export * from './resources';
export * from './library';
export * from './announcements';
export * from './reports';
export * from './admin-overview';
export * from './setup';
