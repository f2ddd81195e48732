// Admin: one member's credits (dealers/credits/{userId}; lazy): balance, packages, history, and an adjustment form.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { adjustmentMessages, creditAdjustmentSchema } from '@dealerleads/shared';
import { ErrorList } from '../../components/error-list';
import { paths } from '../../config/paths';
import { Spinner } from '../../components/spinner';
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../lib/report-error';
import { useAdjustCredits } from './api/adjust-credits';
import { useMemberCredits } from './api/get-member-credits';
import { BalanceCard, LedgerTable, PackagesTable } from './credits-view';
import { adminTexts } from '../../i18n/en/admin';
import { useT } from '../../i18n/runtime';

function AdjustForm({
  userId,
  packages,
}: {
  userId: number;
  packages: { id: number; name: string }[];
}) {
  const t = useT(adminTexts);
  const adjust = useAdjustCredits(userId);
  const [userPackageId, setUserPackageId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = creditAdjustmentSchema.safeParse({
      userPackageId: Number(userPackageId),
      amount: Number(amount),
      reason,
    });
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((i) => i.message));
      return;
    }
    setErrors([]);
    adjust.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(adjustmentMessages.adjusted);
        setAmount('');
        setReason('');
      },
      onError: (error) => setErrors(reportSaveError(error, 'Failed to adjust credits')),
    });
  };

  return (
    <form className="card card-body mb-3" onSubmit={submit} noValidate>
      <h2 className="h5">{t('adjustCredits')}</h2>
      <ErrorList errors={errors} />
      <div className="row g-2">
        <div className="col-sm-5">
          <label className="form-label" htmlFor="adjust-package">
            {t('package')}
          </label>
          <select
            id="adjust-package"
            className="form-select"
            value={userPackageId}
            onChange={(e) => setUserPackageId(e.target.value)}
          >
            <option value="">{t('selectAPackage')}</option>
            {packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-2">
          <label className="form-label" htmlFor="adjust-amount">
            {t('credits2')}
          </label>
          <input
            id="adjust-amount"
            className="form-control"
            type="number"
            step={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="col-sm-5">
          <label className="form-label" htmlFor="adjust-reason">
            {t('reason')}
          </label>
          <input
            id="adjust-reason"
            className="form-control"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      </div>
      <div className="mt-2">
        <button type="submit" className="btn btn-primary" disabled={adjust.isPending}>
          {adjust.isPending ? t('saving') : t('adjust')}
        </button>
      </div>
    </form>
  );
}

export function MemberCreditsPage() {
  const t = useT(adminTexts);
  const userId = Number(useParams().userId);
  const credits = useMemberCredits(userId);
  return (
    <section className="container py-3" style={{ maxWidth: '60rem' }}>
      <h1 className="h3">{t('memberCredits')}</h1>
      {/* Whose credits these are: the member by name, linking to their page (not 'member #3'). */}
      {credits.data?.member ? (
        <p className="lead mb-3" data-testid="credits-member">
          <Link to={paths.memberDetail(credits.data.member.userName)}>
            {credits.data.member.name || credits.data.member.userName}
          </Link>{' '}
          <span className="text-body-secondary">({credits.data.member.userName})</span>
        </p>
      ) : null}
      {credits.isPending ? <Spinner /> : null}
      {credits.data ? (
        <>
          <BalanceCard summary={credits.data} />
          <PackagesTable summary={credits.data} />
          <AdjustForm
            userId={userId}
            packages={credits.data.packages.map((p) => ({
              id: p.id,
              name: `${p.packageName ?? 'Unknown'} (ends ${p.endDate}, ${p.balance} left)`,
            }))}
          />
        </>
      ) : null}
      <LedgerTable userId={userId} />
    </section>
  );
}
