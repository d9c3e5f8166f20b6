import { useState } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { MAX_NOTE_LENGTH } from '../../../../shared/menu';
import type { OrderLine } from '../../../../shared/schemas/tables.schemas';
import { NC_TEXT } from '../complimentary/complimentary-text';
import { TABLE_TEXT } from '../table-text';
import { QuickNotes } from './choice-picker';
import { lineChoicesText } from './order-panel';

/**
 * A line's note, set or changed ('no onion'), with the branch's quick notes one tap away.
 * Saving moves the line's quantity to the line with the new note (order-lines.ts noteChanges).
 */
export function NoteEditor({
  line,
  quickNotes,
  onSave,
  onComplimentary,
}: {
  line: OrderLine;
  quickNotes: readonly string[];
  onSave: (note: string) => void;
  /** The line's other action: its items complimentary (docs/complimentary.md). */
  onComplimentary?: () => void;
}) {
  const [note, setNote] = useState(line.note);
  const choices = lineChoicesText(line);
  return (
    <form
      className="tf-picker"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(note);
      }}
    >
      <div>
        <Text fw={700}>
          {line.quantity} × {line.name}
        </Text>
        {choices && (
          <Text size="sm" c="dimmed">
            {choices}
          </Text>
        )}
      </div>
      <div className="tf-picker-group">
        <TextInput
          label={TABLE_TEXT.note}
          placeholder={TABLE_TEXT.notePlaceholder}
          value={note}
          maxLength={MAX_NOTE_LENGTH}
          size="md"
          autoComplete="off"
          data-autofocus
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <QuickNotes notes={quickNotes} note={note} onChange={setNote} />
      </div>
      <div className="tf-picker-foot">
        <Button type="submit" size="lg" fullWidth>
          {TABLE_TEXT.saveNote}
        </Button>
        {onComplimentary && (
          <Button
            variant="default"
            size="md"
            fullWidth
            leftSection={<IconGift size={18} aria-hidden />}
            onClick={onComplimentary}
          >
            {NC_TEXT.lineAction}
          </Button>
        )}
      </div>
    </form>
  );
}
