import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export const Tabs = RadixTabs.Root;
export const TabsContent = RadixTabs.Content;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn('flex gap-1 rounded-xl bg-ink-950/70 p-1 ring-1 ring-ink-700', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-ink-300 transition hover:text-white data-[state=active]:bg-ink-700 data-[state=active]:text-white data-[state=active]:shadow',
        className,
      )}
      {...props}
    />
  );
}
