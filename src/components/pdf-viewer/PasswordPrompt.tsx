import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { PDF_TEXTS } from './pdf-texts.ts';

interface PasswordPromptProps {
  /** pdf.js asks again after a wrong password. */
  retry: boolean;
  onSubmit(password: string): void;
}

/** pdf.js's question for a protected file, asked in the viewer rather than in a browser prompt. */
export function PasswordPrompt({ retry, onSubmit }: PasswordPromptProps) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(password);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs" maw={360} p="md">
        <Text>{retry ? PDF_TEXTS.wrongPassword : PDF_TEXTS.enterPassword}</Text>
        <PasswordInput aria-label="Password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button type="submit" disabled={password === ''}>
            Open
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
