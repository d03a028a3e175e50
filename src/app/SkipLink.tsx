import classes from './SkipLink.module.css';

/** Lets keyboard users jump past the sidebar's links straight to the screen's content. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a className={classes.skipLink} href={`#${targetId}`}>
      Skip to main content
    </a>
  );
}
