import { ROUNDING_MODES } from '@contract/rounding';
import { catalogueWords } from '@/i18n/catalogue-words';
import { GROUPINGS } from '../hooks/use-report';
import { PRESETS } from './presets';

/** The catalogue keys of the report's choices. */
export const PRESET_WORDS = catalogueWords('reports.presets', PRESETS);
export const GROUPING_WORDS = catalogueWords('reports.groupings', GROUPINGS);
export const ROUNDING_WORDS = catalogueWords('reports.roundingModes', ROUNDING_MODES);
