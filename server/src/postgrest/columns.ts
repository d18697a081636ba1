/**
 * The columns of a read resource: each maps an API name to a SQL expression and a type, and says
 * what a request may do with it. And the whitelist of a resource as the read contract
 * (shared-api/src/validation/reads.ts) declares it, as a type: `defineResource` takes only columns
 * of this shape. So the type check fails on a column the contract lacks or the server lacks, on a
 * column filtered, ordered or selected on one side only, and on a column whose SQL type cannot
 * give the contract's value (a `text` column declared a number). Types only.
 */
import type {
  FilterableColumn,
  FullText,
  NamedColumn,
  OrderableColumn,
  QueryOnlyColumn,
  ReadColumns,
  ServedReadName,
} from 'shared-api/reads';

export type ColumnType = 'int' | 'float' | 'text' | 'bool' | 'timestamptz' | 'text[]' | 'json' | 'tsvector';

export interface ColumnDef {
  /** SQL expression, written by us; may refer to the aliases of the resource's FROM. */
  sql: string;
  type: ColumnType;
  /** May appear in filters (default true). */
  filter?: boolean;
  /** May appear in `order` (default true for scalar types). */
  order?: boolean;
  /** Returned by `select=*` (default true). */
  inStar?: boolean;
  /** May be named in `select` (default true); a search document is for filtering only. */
  select?: boolean;
}

/** Column types the read engine does not order by unless told (build.ts `column`). */
type UnorderedType = 'text[]' | 'json' | 'tsvector';
type OrderedType = Exclude<ColumnType, UnorderedType>;

/** The SQL types a value of the contract's type `T` may come from. */
type TypesFor<T> = [NonNullable<T>] extends [FullText]
  ? 'tsvector'
  : [NonNullable<T>] extends [number]
    ? 'int' | 'float'
    : [NonNullable<T>] extends [boolean]
      ? 'bool'
      : [NonNullable<T>] extends [string]
        ? 'text' | 'timestamptz'
        : [NonNullable<T>] extends [readonly string[]]
          ? 'text[]' | 'json'
          : 'json';

type Filtered<On extends boolean> = On extends true ? { filter?: true } : { filter: false };

/** Ordered by default when its type is; `order` says otherwise. */
type Ordered<On extends boolean> = On extends true
  ? { type: OrderedType; order?: true } | { type: UnorderedType; order: true }
  : { type: OrderedType; order: false } | { type: UnorderedType; order?: false };

/** In `select=*` (the row), selected only when named, or never selected (filtered or ordered only). */
type Selected<Name extends ServedReadName, Column extends string> =
  Column extends QueryOnlyColumn<Name>
    ? { inStar: false; select: false }
    : Column extends NamedColumn<Name>
      ? { inStar: false; select?: true }
      : { inStar?: true; select?: true };

type Is<Column extends string, Set extends string> = Column extends Set ? true : false;

export type DeclaredColumn<
  Name extends ServedReadName,
  Column extends keyof ReadColumns<Name> & string,
> = ColumnDef & {
  type: TypesFor<ReadColumns<Name>[Column]>;
} & Filtered<Is<Column, FilterableColumn<Name>>> &
  Ordered<Is<Column, OrderableColumn<Name>>> &
  Selected<Name, Column>;

/** Every column of the contract's resource `Name`, each as the contract declares it. */
export type DeclaredColumns<Name extends ServedReadName> = {
  [Column in keyof ReadColumns<Name> & string]: DeclaredColumn<Name, Column>;
};

/** Columns of `Columns` the contract does not declare, each refused with this message. */
export type UndeclaredColumns<Name extends ServedReadName, Columns> = Record<
  Exclude<keyof Columns, keyof ReadColumns<Name>>,
  'a column the read contract (shared-api/src/validation/reads.ts) does not declare'
>;
