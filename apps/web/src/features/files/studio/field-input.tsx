import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';

/**
 * A text field of the document: what is typed stays as typed while the document reads the same
 * (white space the reader trims is not taken away under the cursor); undo and redo replace it.
 */
export function FieldInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => {
    setDraft((typed) => (typed.trim() === value.trim() ? typed : value));
  }, [value]);
  return (
    <Input
      id={id}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}
