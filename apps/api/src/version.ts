import rootPackage from '../../../package.json' with { type: 'json' };

/**
 * The product's version (semver, ADR 0067): the root package.json's, which the release changes
 * with CHANGELOG.md. esbuild inlines it into the bundle, so a production tree answers the version
 * it was built from.
 */
export const APP_VERSION: string = rootPackage.version;
