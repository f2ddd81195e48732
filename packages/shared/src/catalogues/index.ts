// Public entry of the catalogues: option lists, bands, vehicles, wizard brands and locations.
export * from './options';
export * from './bands';
export * from './vehicles';
export * from './wizard-brands';
export * from './locations';
export * from './search-aliases';
