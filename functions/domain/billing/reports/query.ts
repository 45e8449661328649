/** The report's query is defined once in the contract (`contract/queries.ts`). */
export {
  REPORT_GROUPINGS,
  type ReportGrouping,
  type ReportQueryInput,
  reportQuerySchema,
} from '../../../../contract/queries';
