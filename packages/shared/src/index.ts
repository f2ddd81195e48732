// The contract shared by the API and the web app: schemas, texts and constants.
export * from './constants';
export * from './messages';
export * from './schemas/common';
export * from './schemas/account';
export * from './schemas/member';
export * from './schemas/lead';
export * from './schemas/package';
export * from './schemas/user-package';
export type { Role, PackageType, PackageUnit } from './catalogues/options';
export { ROLES, SIGNUP_ROLES, PACKAGE_TYPES, PACKAGE_UNITS } from './catalogues/options';
export * from './schemas/settings';
export * from './schemas/audit';
export * from './user-name';
export * from './schemas/credits';
export * from './schemas/workspace';
export * from './schemas/owner';
export * from './schemas/insights';
