import { Box, getSpacing, rem, type BoxProps, type MantineSpacing } from '@mantine/core';
import { createContext, useContext, type ComponentPropsWithoutRef, type CSSProperties } from 'react';

/**
 * The app's table: Mantine's `Table` API (the same parts and props, drawn with the same look by
 * `app/tables.css`) without its scroll container's ScrollArea, which brought ScrollArea and all of
 * Floating UI into every page with a table. Every scroll container of the app is a plain box that
 * scrolls (decision 030), so this one is. Decision 072 says why the app has its own.
 */

interface TableOptions {
  striped?: 'odd' | 'even' | undefined;
  highlightOnHover?: boolean | undefined;
  withColumnBorders?: boolean | undefined;
  withRowBorders: boolean;
  stickyHeader?: boolean | undefined;
}

const TableContext = createContext<TableOptions>({ withRowBorders: true });

type Part<E extends keyof React.JSX.IntrinsicElements> = BoxProps & ComponentPropsWithoutRef<E>;

export interface TableProps extends Part<'table'> {
  striped?: boolean | 'odd' | 'even';
  highlightOnHover?: boolean;
  withTableBorder?: boolean;
  withColumnBorders?: boolean;
  withRowBorders?: boolean;
  stickyHeader?: boolean;
  /** Where the sticky header stops, in px from the top of its scrolling box. */
  stickyHeaderOffset?: number;
  tabularNums?: boolean;
  verticalSpacing?: MantineSpacing;
  horizontalSpacing?: MantineSpacing;
  layout?: CSSProperties['tableLayout'];
}

function TableRoot({
  striped,
  highlightOnHover,
  withTableBorder,
  withColumnBorders,
  withRowBorders = true,
  stickyHeader,
  stickyHeaderOffset,
  tabularNums,
  verticalSpacing = 7,
  horizontalSpacing,
  layout,
  className,
  style,
  ...others
}: TableProps) {
  const options: TableOptions = {
    striped: striped === true ? 'odd' : striped || undefined,
    highlightOnHover,
    withColumnBorders,
    withRowBorders,
    stickyHeader,
  };
  const vars = {
    '--table-layout': layout,
    '--table-vertical-spacing': getSpacing(verticalSpacing),
    '--table-horizontal-spacing': horizontalSpacing === undefined ? undefined : getSpacing(horizontalSpacing),
    '--table-sticky-header-offset': stickyHeader && stickyHeaderOffset ? rem(stickyHeaderOffset) : undefined,
  } as CSSProperties;
  return (
    <TableContext.Provider value={options}>
      <Box
        component="table"
        className={['app-table', className].filter(Boolean).join(' ')}
        style={[vars, style]}
        data-with-table-border={withTableBorder || undefined}
        data-tabular-nums={tabularNums || undefined}
        data-striped={options.striped}
        data-hover={highlightOnHover || undefined}
        {...others}
      />
    </TableContext.Provider>
  );
}

function joined(base: string, className: string | undefined): string {
  return className ? `${base} ${className}` : base;
}

function Thead({ className, ...others }: Part<'thead'>) {
  const { stickyHeader } = useContext(TableContext);
  return (
    <Box
      component="thead"
      className={joined('app-table-thead', className)}
      data-sticky={stickyHeader || undefined}
      {...others}
    />
  );
}

function Tbody({ className, ...others }: Part<'tbody'>) {
  return <Box component="tbody" className={joined('app-table-tbody', className)} {...others} />;
}

function Tfoot({ className, ...others }: Part<'tfoot'>) {
  return <Box component="tfoot" className={joined('app-table-tfoot', className)} {...others} />;
}

function Tr({ className, ...others }: Part<'tr'>) {
  const { withRowBorders, striped, highlightOnHover } = useContext(TableContext);
  return (
    <Box
      component="tr"
      className={joined('app-table-tr', className)}
      data-with-row-border={withRowBorders || undefined}
      data-striped={striped}
      data-hover={highlightOnHover || undefined}
      {...others}
    />
  );
}

/** A cell; `nowrap` keeps its text on one line (a date, a figure with its unit). */
type CellProps<E extends 'th' | 'td'> = Part<E> & { nowrap?: boolean };

function Th({ className, nowrap, ...others }: CellProps<'th'>) {
  const { withColumnBorders } = useContext(TableContext);
  return (
    <Box
      component="th"
      className={joined('app-table-th', className)}
      data-with-column-border={withColumnBorders || undefined}
      data-nowrap={nowrap || undefined}
      {...others}
    />
  );
}

function Td({ className, nowrap, ...others }: CellProps<'td'>) {
  const { withColumnBorders } = useContext(TableContext);
  return (
    <Box
      component="td"
      className={joined('app-table-td', className)}
      data-with-column-border={withColumnBorders || undefined}
      data-nowrap={nowrap || undefined}
      {...others}
    />
  );
}

function Caption({ className, ...others }: Part<'caption'>) {
  return <Box component="caption" className={joined('app-table-caption', className)} {...others} />;
}

export interface TableScrollContainerProps extends Part<'div'> {
  /** The table's least width: narrower windows scroll it sideways within the box. */
  minWidth: number | string;
  /** The box's greatest height (the window's less the header when smaller). */
  maxHeight?: number | string;
}

/** A box that scrolls the table within itself, both ways (decision 051; `app/tables.css`). */
function ScrollContainer({
  minWidth,
  maxHeight,
  className,
  style,
  children,
  ...others
}: TableScrollContainerProps) {
  const vars = {
    '--table-min-width': rem(minWidth),
    '--table-max-height': maxHeight === undefined ? undefined : rem(maxHeight),
  } as CSSProperties;
  return (
    <Box className={joined('app-table-scroll', className)} style={[vars, style]} {...others}>
      <div className="app-table-scroll-inner">{children}</div>
    </Box>
  );
}

export const Table = Object.assign(TableRoot, {
  Thead,
  Tbody,
  Tfoot,
  Tr,
  Th,
  Td,
  Caption,
  ScrollContainer,
});
