import { ElementInspector, type ElementInspectorProps } from './element-inspector';
import { useCloseOnEscape } from './use-close-on-escape';

/**
 * The inspector in a host's own layout, a column of its own (beside the Metadata Explorer's viewer,
 * or beside the IDS Compliance view, which reflows to leave it room); Escape closes it.
 */
export function ElementInspectorPanel(props: ElementInspectorProps) {
  useCloseOnEscape(props.onClose);
  return <ElementInspector {...props} />;
}
