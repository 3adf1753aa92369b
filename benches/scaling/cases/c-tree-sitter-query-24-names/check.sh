#!/bin/sh
# Interesting: the 24 function names below all still occur (as words).
for name in \
    stream_new \
    capture_list_pool_new \
    capture_list_pool_get_mut \
    finished_state_precedes \
    ts_query_cursor__push_finished_state \
    capture_quantifiers_new \
    capture_quantifier_for_id \
    symbol_table_new \
    query_step__new \
    state_predecessor_map_add \
    analysis_state__top \
    analysis_state_set__clear \
    ts_query__pattern_map_search \
    ts_query__add_negated_fields \
    ts_query_new \
    ts_query_string_count \
    ts_query_start_byte_for_pattern \
    ts_query__step_is_fallible \
    ts_query_cursor_delete \
    ts_query_cursor_exec_with_options \
    ts_query_cursor__first_in_progress_capture \
    ts_query_cursor__add_state \
    ts_query_cursor__should_descend \
    ts_query_cursor_remove_match \
; do
    grep -qw "$name" "$1" || exit 1
done
