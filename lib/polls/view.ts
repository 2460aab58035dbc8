// What pages and components show of polls: the poll a Ricos node describes, and where its form and results are.
export {
  pollOf,
  pollsOf,
  pollResultsPath,
  pollVotePath,
  seesResults,
  type PollDefinition,
  type PollReading,
  type PollResults,
} from './types';
