// What pages and components show of polls: the poll a Ricos node describes, and where its form and results are.
export { pollOf, pollResultsPath, pollVotePath, seesResults, type PollDefinition } from './types';
