import { Select, type SelectProps } from '@mantine/core';
import { useTakeOver, type Activation } from './deferred.tsx';

/** Mantine's Select, in the place of the stand-in select.tsx drew until it loaded. */
export function SelectPart({ activation, ...props }: SelectProps & { activation: Activation }) {
  const target = useTakeOver<HTMLInputElement>(activation);
  return <Select ref={target} {...props} />;
}
