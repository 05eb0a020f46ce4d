import { useLayoutEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from '../after-first-paint';

function Probe({ commits }: { commits: boolean[] }) {
  const after = useAfterFirstPaint();
  useLayoutEffect(() => {
    commits.push(after);
  });
  return <p>{after ? 'después' : 'antes'}</p>;
}

describe('useAfterFirstPaint', () => {
  it('is false in the first commit and true in the render that follows it', async () => {
    const commits: boolean[] = [];
    render(<Probe commits={commits} />);
    expect(await screen.findByText('después')).toBeInTheDocument();
    expect(commits).toEqual([false, true]);
  });

  it('stays true when its component renders again', async () => {
    const commits: boolean[] = [];
    const { rerender } = render(<Probe commits={commits} />);
    await screen.findByText('después');
    await act(async () => rerender(<Probe commits={commits} />));
    expect(commits).toEqual([false, true, true]);
  });
});
