import { type ReactNode, type Ref, useId } from "react";

/**
 * A section named by its heading (aria-labelledby), so a screen reader lists it by its title. With
 * `titleRef`, the heading can take the focus (tabIndex -1) when the section opens on purpose.
 */
export function TitledSection({
  id,
  title,
  level = 2,
  className,
  titleClassName,
  titleRef,
  children,
}: {
  /** The heading's id, when something outside refers to it; one of React's otherwise. */
  id?: string;
  title: ReactNode;
  level?: 1 | 2 | 3;
  className?: string;
  titleClassName?: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  const ownId = useId();
  const titleId = id ?? ownId;
  const Title = `h${level}` as const;
  return (
    <section aria-labelledby={titleId} className={className}>
      <Title id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={titleClassName}>
        {title}
      </Title>
      {children}
    </section>
  );
}
