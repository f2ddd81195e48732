// The Manufacturer Specifications card (docs/screens.md): demo content, requested on open and again with Load; spinner and failure text.
import { useQuery } from '@tanstack/react-query';
import { loadDemoSpecs, type DemoSpec, type DemoSpecInput } from './demo-specs';

export const SPECS_FAILED_TEXT = 'Failed to fetch specifications. Please try again.';

export interface ManufacturerSpecsProps {
  lead: DemoSpecInput;
  /** Where the figures come from; the demo by default. */
  load?: (lead: DemoSpecInput, signal?: AbortSignal) => Promise<DemoSpec[]>;
}

export function ManufacturerSpecs({ lead, load = loadDemoSpecs }: ManufacturerSpecsProps) {
  const specs = useQuery({
    queryKey: [
      'leads',
      'demo-specs',
      lead.brand,
      lead.model,
      lead.varient,
      lead.fuelType,
      lead.transmission,
      lead.seats,
    ],
    queryFn: ({ signal }) => load(lead, signal),
    staleTime: Infinity,
    retry: false,
  });

  return (
    <section className="card h-100" aria-labelledby="manufacturer-specs-title">
      <div className="card-header d-flex justify-content-between align-items-center gap-2">
        <h2 id="manufacturer-specs-title" className="h5 mb-0">
          Manufacturer Specifications
        </h2>
        <div className="d-flex align-items-center gap-2">
          <span
            className="badge text-bg-warning"
            title="Illustrative figures, not the manufacturer's data"
          >
            Demo content
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => void specs.refetch()}
            disabled={specs.isFetching}
          >
            Load
          </button>
        </div>
      </div>
      <div className="card-body">
        {specs.isFetching ? (
          <div className="d-flex align-items-center gap-2 py-2" role="status">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
            <span>Loading specifications...</span>
          </div>
        ) : specs.isError ? (
          <div className="alert alert-danger mb-0" role="alert">
            {SPECS_FAILED_TEXT}
          </div>
        ) : specs.data ? (
          <>
            <dl className="row mb-2 lead-detail">
              {specs.data.map((spec) => (
                <div
                  className="col-sm-6 d-flex justify-content-between gap-2 border-bottom py-1"
                  key={spec.label}
                >
                  <dt className="fw-normal text-body-secondary">{spec.label}</dt>
                  <dd className="mb-0 text-end">{spec.value}</dd>
                </div>
              ))}
            </dl>
            <p className="small text-muted mb-0">
              Demo content generated in the browser for this model; check figures with the
              manufacturer.
            </p>
          </>
        ) : null}
      </div>
    </section>
  );
}
