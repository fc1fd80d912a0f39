/** Pieces every form repeats: its failure alert (the server's message) and the e-mail input. */
import { Alert, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormFailure({
  message,
  testId,
  children,
}: {
  message: string | null;
  testId: string;
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {message}
      {children}
    </Alert>
  );
}

export function EmailInput(props: TextInputProps & { 'data-testid': string }) {
  return (
    <TextInput label="E-mail" type="email" autoComplete="email" placeholder="you@example.com" size="md" {...props} />
  );
}
