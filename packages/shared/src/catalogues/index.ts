// Public entry of the catalogues: option lists, bands, vehicles and what they allow, and locations.
export * from './options';
export * from './bands';
export * from './vehicles';
export * from './vehicle-specs';
export * from './locations';
export * from './search-aliases';
export * from './labels';
export * from './price-bounds';
