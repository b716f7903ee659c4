import { useEffect } from 'react';
import { ElementInspector, type ElementInspectorProps } from './element-inspector';

/**
 * The inspector as a side card floating at the right edge of the window, over whatever picked the
 * element (3D viewer, tables), so hosts need no layout room for it. Escape closes it.
 */
export function ElementInspectorSheet(props: Omit<ElementInspectorProps, 'className'>) {
  const { onClose } = props;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A menu or dialog that handled the Escape itself keeps the inspector open.
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed top-24 right-4 bottom-4 z-40 flex w-[min(28rem,calc(100vw-2rem))] shadow-2xl">
      <ElementInspector {...props} className="w-full" />
    </div>
  );
}
