// The bell's "Turn on alerts on this device": Web Push through the service worker, per device.
import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify';
import { currentPushState, turnOffPush, turnOnPush, type PushState } from './api/push-subscription';
import { alertsTexts } from '../../i18n/en/alerts';
import { liveTexts, useT } from '../../i18n/runtime';

export const pushTexts = liveTexts(alertsTexts, 'push.');

export function PushToggle() {
  useT(alertsTexts);
  const [state, setState] = useState<PushState | 'busy'>('busy');
  useEffect(() => {
    let live = true;
    void currentPushState().then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, []);
  if (state === 'unsupported') return null;
  if (state === 'denied')
    return <p className="small text-body-secondary mb-2">{pushTexts.denied}</p>;

  const change = (to: () => Promise<PushState>) => {
    setState('busy');
    to().then(
      (next) => {
        setState(next);
        if (next === 'on') notify.success(pushTexts.on);
      },
      () => {
        setState('off');
        notify.error(pushTexts.failed);
      },
    );
  };
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm w-100 mb-2"
      disabled={state === 'busy'}
      onClick={() => change(state === 'on' ? turnOffPush : turnOnPush)}
    >
      <i className={`bi ${state === 'on' ? 'bi-bell-slash' : 'bi-bell'} me-1`} aria-hidden="true" />
      {state === 'on' ? pushTexts.turnOff : pushTexts.turnOn}
    </button>
  );
}
