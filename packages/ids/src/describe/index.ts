/** Specifications in plain language (describe.ts, render.ts): browser-safe, for the Studio and reports. */
export {
  type DescribeOptions,
  describeSpecification,
  nounOf,
  type Phrase,
  type PhraseList,
  type PhraseParam,
} from './describe';
export { englishSentences, renderPhrase } from './render';
export { siUnitOf, unitTypeOf } from './si-units';
