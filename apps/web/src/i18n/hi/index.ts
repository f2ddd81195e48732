// Every Hindi text, one lazy chunk (runtime.ts loadHindi): loaded only when a device or member chooses Hindi.
import { admin } from './admin';
import { alerts } from './alerts';
import { common } from './common';
import { errors } from './errors';
import { layout } from './layout';
import { leadDetail } from './lead-detail';
import { leadForm } from './lead-form';
import { leads } from './leads';
import { members } from './members';
import { money } from './money';
import { myLeads } from './my-leads';
import { owner } from './owner';
import { pages } from './pages';
import { shell } from './shell';

export const hindi = {
  admin,
  alerts,
  common,
  errors,
  layout,
  leadDetail,
  leadForm,
  leads,
  members,
  money,
  myLeads,
  owner,
  pages,
  shell,
};
