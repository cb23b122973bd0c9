/**
 * The console API's reply shapes, for the console and the end-to-end tests
 * (`@tarmac/server/contracts`). Types only: importing this pulls no server code into a bundle,
 * and the server's routes are typed against the same declarations, so the two cannot drift.
 */
export type {
  LogRules,
  ContextValue,
  IgnoreRule,
  LogGroup,
  LogGroupDetail,
  LogGroupList,
  LogOccurrence,
  PlatformIgnoreRule,
  StackFrame,
} from './logs/contract.js';
export type { SignalBucket, SignalSummary, StoredSignalReport, ValueCount } from './signals/contract.js';
export type { MetricName, PerfReport, Rating } from './perf/contract.js';
export type { BrowserFamily } from './perf/browserFamily.js';
export type {
  CarClass,
  CarFacets,
  CarOffer,
  CarSearchReply,
  FacetCount,
  FlightFacets,
  FlightLeg,
  FlightOffer,
  FlightSearchReply,
  HotelAmenity,
  HotelArea,
  HotelFacets,
  HotelOffer,
  HotelSearchReply,
  Place,
  PriceRange,
  SearchFilters,
  SearchReply,
  SearchSort,
  SearchVertical,
  Transmission,
} from './search/contract.js';
export type { MetricSummary, PageVitals, VitalsBucket, VitalsSummary } from './perf/vitalsStats.js';
export type { DistributionBin } from './perf/distribution.js';
export type { NavigationBreakdown, Phase } from './perf/navigationBreakdown.js';
export type { AttributionSummary, Offender } from './perf/attribution/attributionSummary.js';
export type { AttributedMetric, OffenderKind } from './perf/attribution/contract.js';
export type { AnalyticsBucket, AnalyticsCount, AnalyticsSummary } from './analytics/contract.js';
export type { ConsentChoiceKind, ConsentCountry, ConsentDay, ConsentSummary, ReconsentReason } from './consent/contract.js';
export type { UsnatData } from './consent/usnatContract.js';
export type { ConsentBootstrap } from './consent/bootstrapContract.js';
export type { Regime } from './consent/regime.js';
export type { DropBucket, DropCount, DropReason, DropSource, DropSummary, ProductDropCount } from './drops/contract.js';
export type {
  GroupReleaseCount,
  GroupState,
  GroupStatus,
  GroupTimeline,
  GroupWindowCounts,
  IssueDetail,
  IssueGroup,
  IssueGroupList,
  IssueGroupPage,
  LogWindow,
  ResolvedFrame,
  ResolvedStack,
  SourceContext,
  StatusChange,
  StatusFilter,
} from './issues/contract.js';
export type { ArtifactInfo, ReleaseDetail, ReleaseSummary } from './releases/contract.js';
export type { Breadcrumb, BreadcrumbCategory, GroupBreadcrumbs, OccurrenceTrail } from './breadcrumbs/contract.js';
export type {
  AlertAttempt,
  AlertConditions,
  AlertDelivery,
  AlertDeliveryList,
  AlertKind,
  AlertPayload,
  AlertRule,
  AlertRuleInput,
  AlertRuleList,
  AlertRuleUpdate,
  DeliveryStatus,
} from './alerts/contract.js';
