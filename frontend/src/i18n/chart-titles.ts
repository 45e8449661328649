import type { EmbedChartKind, EmbedChartType } from '@embed/snippet';
import type { TFunction } from 'i18next';

/** The app's names of the embeddable charts (the embed bundle has its own catalogue). */
export const chartTitles = (t: TFunction): Record<EmbedChartType, string> => ({
  timetracked: t('charts.timeTracked'),
  totaltime: t('charts.totalTime'),
  profitloss: t('charts.profitLoss'),
  profitlossperhour: t('charts.profitLossPerHour'),
  timepertask: t('charts.timePerTask'),
});

export const chartKinds = (t: TFunction): Record<EmbedChartKind, string> => ({
  line: t('charts.kinds.line'),
  bar: t('charts.kinds.bar'),
  pie: t('charts.kinds.pie'),
});
