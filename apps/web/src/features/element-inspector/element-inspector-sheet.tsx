import { ElementInspector, type ElementInspectorProps } from './element-inspector';
import { useCloseOnEscape } from './use-close-on-escape';

/**
 * The inspector as a side card floating at the right edge of the window, over whatever picked the
 * element (the IDS compliance view's viewer and results), so hosts need no layout room for it.
 * Escape closes it. The Metadata Explorer docks it beside its viewer instead
 * (`ElementInspectorPanel`).
 */
export function ElementInspectorSheet(props: Omit<ElementInspectorProps, 'className'>) {
  useCloseOnEscape(props.onClose);
  return (
    <div className="fixed top-24 right-4 bottom-4 z-40 flex w-[min(28rem,calc(100vw-2rem))] shadow-2xl">
      <ElementInspector {...props} className="w-full" />
    </div>
  );
}

/** The inspector in a host's own layout (a column beside the viewer); Escape closes it. */
export function ElementInspectorPanel(props: ElementInspectorProps) {
  useCloseOnEscape(props.onClose);
  return <ElementInspector {...props} />;
}
