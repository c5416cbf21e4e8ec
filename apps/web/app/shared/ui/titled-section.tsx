import { type ReactNode, type Ref, useId } from "react";

/**
 * A section named by its heading (aria-labelledby), so a screen reader lists it by its title. With
 * `titleRef`, the heading can take the focus (tabIndex -1) when the section opens on purpose.
 */
export function TitledSection({
  title,
  level = 2,
  className,
  titleClassName,
  titleRef,
  children,
}: {
  title: ReactNode;
  level?: 1 | 2 | 3;
  className?: string;
  titleClassName?: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  const id = useId();
  const Title = `h${level}` as const;
  return (
    <section aria-labelledby={id} className={className}>
      <Title id={id} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={titleClassName}>
        {title}
      </Title>
      {children}
    </section>
  );
}
