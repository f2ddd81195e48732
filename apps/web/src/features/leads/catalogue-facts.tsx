// What the catalogue knows of a lead's model and trim, beside what the owner gave: never a figure it does not hold (no
// engine sizes, power or economy), and the market guide for cars like it.
import type { Lead } from '@dealerleads/shared';
import {
  carChoices,
  describeYears,
  findModel,
  modelYears,
  variantsIn,
} from '@dealerleads/shared/catalogues';
import { MarketGuideLine } from '../../components/market-guide';
import { fuelLabel, formatSeats, leadTitle, transmissionLabel } from './lead-format';
import { leadDetailTexts } from '../../i18n/en/lead-detail';
import { getLocale, textsOf, translate, useT } from '../../i18n/runtime';

/** Body types are words a dealer says in English (SUV, sedan): the same in both languages. */
const BODY_LABELS: Record<string, string> = {
  hatchback: 'Hatchback',
  sedan: 'Sedan',
  suv: 'SUV',
  muv: 'MUV',
  pickup: 'Pickup',
  coupe: 'Coupe',
  convertible: 'Convertible',
  van: 'Van',
};

const lakh = (n: number) =>
  translate(leadDetailTexts, 'lakh', { amount: n.toLocaleString(getLocale()) });

/** Label and value of each fact the catalogue holds for the lead's model, year and trim. */
function factsOf(lead: Lead): [string, string][] | undefined {
  const model = findModel(lead.brand, lead.model);
  if (!model) return undefined;
  const trims = variantsIn(model, lead.year).map((v) => v.name);
  const choices = carChoices(model, lead.year, lead.varient ?? undefined);
  const t = textsOf(leadDetailTexts);
  return [
    [t('fact.body'), BODY_LABELS[model.body] ?? model.body],
    [t('fact.soldInIndia'), describeYears(modelYears(model))],
    [
      t('fact.trimsIn', { year: lead.year }),
      trims.length > 0 ? trims.join(', ') : t('fact.oneTrim'),
    ],
    [t('fact.fuels'), choices.fuels.map(fuelLabel).join(', ')],
    [t('fact.gearboxes'), choices.transmissions.map(transmissionLabel).join(', ')],
    [t('fact.seats'), choices.seats.map(formatSeats).join(', ')],
    [t('fact.newPrice'), `${lakh(model.priceLakh[0])} – ${lakh(model.priceLakh[1])}`],
  ];
}

export function CatalogueFacts({ lead }: { lead: Lead }) {
  const t = useT(leadDetailTexts);
  const facts = factsOf(lead);
  return (
    <section className="card h-100" aria-labelledby="catalogue-facts-title">
      <div className="card-header">
        <h2 id="catalogue-facts-title" className="h5 mb-0">
          {t('aboutThe', { car: leadTitle(lead) })}
        </h2>
      </div>
      <div className="card-body">
        {facts ? (
          <dl className="row mb-2 lead-detail">
            {facts.map(([label, value]) => (
              <div
                className="col-sm-6 d-flex justify-content-between gap-2 border-bottom py-1"
                key={label}
              >
                <dt className="fw-normal text-body-secondary">{label}</dt>
                <dd className="mb-0 text-end" data-field={label}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mb-2">{t('notInCatalogue')}</p>
        )}
        <MarketGuideLine
          car={{
            brand: lead.brand,
            model: lead.model,
            year: lead.year,
            fuelType: lead.fuelType,
            transmission: lead.transmission,
            kmDriven: lead.kmDriven,
          }}
        />
        <p className="small text-muted mb-0">{t('catalogueNote')}</p>
      </div>
    </section>
  );
}
