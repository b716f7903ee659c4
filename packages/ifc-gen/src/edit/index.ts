/**
 * Deriving a model's next version by known edits, on the STEP text alone (no engine code): what a
 * comparison of the two versions must report follows from the edits (issue 30).
 */
export {
  addProperty,
  copyElement,
  deleteElement,
  newGlobalId,
  occurrencePset,
  propertyNames,
  regenerateGlobalId,
  removeProperty,
  repeatPropertySet,
} from './derive';
export { listItems, refId, StepFile, type StepLine, splitParams, stringValue } from './step-file';
