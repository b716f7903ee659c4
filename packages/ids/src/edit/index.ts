/**
 * The IDS edit model for any JavaScript runtime (the Studio edits in the page): read IDS text for
 * editing, apply edits as text splices that keep every byte they do not concern (decision 0280).
 * No Node imports (the linter's browser bundle test covers lint/; edit/browser-bundle.test.ts this).
 */
export { type EditableIds, type EditableRead, readEditable, textOf } from './editable';
export { sameContent } from './facet-edit';
export {
  applicabilityOrderAllowed,
  applyIdsEdit,
  type FacetSection,
  type IdsEdit,
  type IdsEditRefused,
  type IdsEditResult,
  idsEditSplices,
  type SpecificationField,
} from './ids-edit';
export type { IdsEditRefusal } from './utf8-source';
