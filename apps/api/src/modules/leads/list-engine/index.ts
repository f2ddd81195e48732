// The lead list engine's public surface: what the rest of leads/, other modules, the app and the benches use of it
// (docs/lead-list-engine.md has its parts).
export * from './lead-filters';
export { LEAD_COLUMNS, leadJson, maskPhone, toLead, type LeadListRow } from './lead-columns';
export {
  BULK_ANSWER_MS,
  KEPT_CHANGES,
  RELOAD_THRESHOLD,
  LeadListEngine,
  PAGE_BYTES,
  currentLeadsVersion,
  sampleStep,
  type LeadListEngineState,
  type LeadListEngineStatus,
  type EnginePage,
  type ModelLead,
  type PageRequest,
  type RowsAndVersions,
} from './lead-list-engine';
export { snapshotFileFor } from './lead-list-snapshot';
