import { StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";

// Building blocks of the DANFSe v2.0: titled blocks of labelled fields in rows.
// NT SE/CGNFS-e 008 (v1.02, 14/07/2026): black text, block titles and the
// highlighted fields on a 5 % grey shade.

/** The NT's 5 % shade (K5). */
export const SHADE = "#f2f2f2";

export const styles = StyleSheet.create({
  page: { paddingHorizontal: 22, paddingVertical: 20, fontFamily: "Helvetica", fontSize: 7.5 },
  block: { borderWidth: 0.7, borderColor: "#000", marginTop: 4 },
  title: { fontFamily: "Helvetica-Bold", fontSize: 7.5, backgroundColor: SHADE, paddingHorizontal: 3, paddingVertical: 1.5 },
  row: { flexDirection: "row", borderTopWidth: 0.4, borderColor: "#777" },
  cell: { paddingHorizontal: 3, paddingVertical: 2, borderLeftWidth: 0.4, borderColor: "#777" },
  first: { borderLeftWidth: 0 },
  label: { fontSize: 5.8, color: "#000" },
  value: { fontSize: 7.5, marginTop: 1 },
  bold: { fontFamily: "Helvetica-Bold" },
});

const dash = (value: string | null | undefined) => (value === null || value === undefined || value === "" ? "-" : value);

export function Field({ label, value, flex = 1, first = false, shaded = false }: { label: string; value: string | null | undefined; flex?: number; first?: boolean; shaded?: boolean }) {
  return (
    <View style={[styles.cell, first ? styles.first : {}, shaded ? { backgroundColor: SHADE } : {}, { flex }]}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{dash(value)}</Text>
    </View>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <View style={styles.row}>{children}</View>;
}

export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View style={styles.block} wrap={false}>
      <Text style={styles.title}>{title}</Text>
      {children}
    </View>
  );
}
