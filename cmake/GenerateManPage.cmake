# SPDX-License-Identifier: Apache-2.0
# Writes driftscope-cli's manual page from the CLI's own help text, so the two
# never disagree:
#   cmake -DCLI=<driftscope-cli> -DVERSION=<x.y.z> -DOUTPUT=<driftscope-cli.1> -P GenerateManPage.cmake
# writes OUTPUT and OUTPUT.gz.
#
# `driftscope-cli --help` gives the description, the sections ("Examples:",
# "Usage:", "Flags:" ...) and one-line sections ("Exit status: ..."); every
# flag line ("  -r, --reference string   text") becomes a tagged paragraph.
# `driftscope-cli render --help` becomes the RENDER SUBCOMMAND section.

cmake_minimum_required(VERSION 3.25)

foreach(var CLI VERSION OUTPUT)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "GenerateManPage.cmake: -D${var}= is required")
    endif()
endforeach()

function(run_help out)
    execute_process(COMMAND "${CLI}" ${ARGN}
        OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0 OR text STREQUAL "")
        message(FATAL_ERROR "GenerateManPage.cmake: '${CLI} ${ARGN}' failed (${rc}): ${err}")
    endif()
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# CMake lists split on ';' and treat brackets specially: hide both (and
# backslashes) while the text is handled line by line.
function(split_lines text out)
    string(REPLACE "\\" "@DSBS@" text "${text}")
    string(REPLACE ";" "@DSSEMI@" text "${text}")
    string(REPLACE "[" "@DSLB@" text "${text}")
    string(REPLACE "]" "@DSRB@" text "${text}")
    string(REGEX REPLACE "\n$" "" text "${text}")
    string(REPLACE "\n" ";" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Roff-escapes a piece of text (placeholders restored).
function(roff text out)
    string(REPLACE "@DSBS@" "\\e" text "${text}")
    string(REPLACE "-" "\\-" text "${text}")
    string(REPLACE "@DSSEMI@" ";" text "${text}")
    string(REPLACE "@DSLB@" "[" text "${text}")
    string(REPLACE "@DSRB@" "]" text "${text}")
    if(text MATCHES "^[.']")
        set(text "\\&${text}")
    endif()
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Turns the lines of one section into roff: prose is filled, indented lines
# are kept as they are (examples, usage), blank lines separate paragraphs.
# pflag's value type names, as printed after a flag.
set(value_types "string|strings|stringArray|int|int32|int64|uint|float|float64|bool|duration")

function(render_body section lines_var out)
    set(body "")
    set(verbatim OFF)
    set(prose OFF)
    foreach(line IN LISTS ${lines_var})
        if(section STREQUAL "OPTIONS"
           AND line MATCHES "^ +((-[A-Za-z0-9]), )?(--[A-Za-z0-9-]+)( (${value_types}))? +(.*)$")
            set(short "${CMAKE_MATCH_2}")
            set(long "${CMAKE_MATCH_3}")
            set(type "${CMAKE_MATCH_5}")
            set(text "${CMAKE_MATCH_6}")
            if(verbatim)
                string(APPEND body ".fi\n.RE\n")
                set(verbatim OFF)
            endif()
            roff("${short}" short)
            roff("${long}" long)
            roff("${text}" text)
            set(tag "")
            if(short)
                set(tag "\\fB${short}\\fR, ")
            endif()
            string(APPEND tag "\\fB${long}\\fR")
            if(type)
                string(APPEND tag " \\fI${type}\\fR")
            endif()
            string(APPEND body ".TP\n${tag}\n${text}\n")
        elseif(line MATCHES "^ ")
            if(NOT verbatim)
                string(APPEND body ".PP\n.RS 4\n.nf\n")
                set(verbatim ON)
            endif()
            # (REGEX REPLACE "^  " would strip every leading pair.)
            string(SUBSTRING "${line}" 2 -1 line)
            roff("${line}" line)
            # Bold program name at the start of a usage line.
            if(section MATCHES "SYNOPSIS|USAGE" AND line MATCHES "^driftscope\\\\-cli")
                string(REGEX REPLACE "^driftscope\\\\-cli" "\\\\fBdriftscope\\\\-cli\\\\fR" line "${line}")
            endif()
            string(APPEND body "${line}\n")
        elseif(line STREQUAL "")
            if(verbatim)
                # A blank line inside an indented block stays part of it.
                string(APPEND body "\n")
            endif()
            set(prose OFF)
        else()
            if(verbatim)
                string(APPEND body ".fi\n.RE\n")
                set(verbatim OFF)
            endif()
            if(NOT prose)
                string(APPEND body ".PP\n")
                set(prose ON)
            endif()
            roff("${line}" line)
            string(APPEND body "${line}\n")
        endif()
    endforeach()
    if(verbatim)
        string(REGEX REPLACE "\n+$" "\n" body "${body}")
        string(APPEND body ".fi\n.RE\n")
    endif()
    set(${out} "${body}" PARENT_SCOPE)
endfunction()

# Splits help text into sections: SECTION_<NAME> lists of lines, in order.
macro(parse_help text first_section prefix)
    split_lines("${text}" lines)
    set(current "${first_section}")
    set(${prefix}_ORDER "${current}")
    set(${prefix}_${current} "")
    set(continuation_indent 0)
    foreach(line IN LISTS lines)
        if(line MATCHES "^([A-Z][A-Za-z ]*):( (.*))?$")
            set(heading "${CMAKE_MATCH_1}")
            set(rest "${CMAKE_MATCH_3}")
            string(TOUPPER "${heading}" current)
            if(current STREQUAL "FLAGS")
                set(current "OPTIONS")
            elseif(current STREQUAL "USAGE" AND "${first_section}" STREQUAL "DESCRIPTION")
                set(current "SYNOPSIS")
            endif()
            list(APPEND ${prefix}_ORDER "${current}")
            set(${prefix}_${current} "")
            set(continuation_indent 0)
            if(NOT rest STREQUAL "")
                # "Usage: a b" and "Exit status: ..." keep their text.
                if(current MATCHES "SYNOPSIS|USAGE")
                    # Continuation lines are aligned under the text after "Usage: ".
                    string(LENGTH "${heading}: " continuation_indent)
                    math(EXPR continuation_indent "${continuation_indent} - 2")
                    list(APPEND ${prefix}_${current} "  ${rest}")
                else()
                    list(APPEND ${prefix}_${current} "${rest}")
                endif()
            endif()
        else()
            if(continuation_indent GREATER 0 AND line MATCHES "^   ")
                string(SUBSTRING "${line}" ${continuation_indent} -1 line)
            endif()
            list(APPEND ${prefix}_${current} "${line}")
        endif()
    endforeach()
endmacro()

run_help(main_help --help)
run_help(render_help render --help)

parse_help("${main_help}" DESCRIPTION MAIN)
parse_help("${render_help}" RENDER RENDER)

set(page ".\\\" Generated by cmake/GenerateManPage.cmake from `driftscope-cli --help`; do not edit.\n")
string(APPEND page ".TH DRIFTSCOPE\\-CLI 1 \"\" \"driftscope\\-cli ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\n")
string(APPEND page "driftscope\\-cli \\- compare a cluster's configuration CRs with a kube\\-compare reference\n")

# The usual order first, then whatever else the help text has.
set(order SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES)
foreach(section IN LISTS MAIN_ORDER)
    if(NOT section IN_LIST order)
        list(APPEND order "${section}")
    endif()
endforeach()
foreach(section IN LISTS order)
    if(NOT section IN_LIST MAIN_ORDER)
        continue()
    endif()
    render_body("${section}" MAIN_${section} body)
    string(APPEND page ".SH ${section}\n${body}")
endforeach()

string(APPEND page ".SH RENDER SUBCOMMAND\n")
foreach(section IN LISTS RENDER_ORDER)
    render_body("${section}" RENDER_${section} body)
    string(APPEND page "${body}")
endforeach()

string(APPEND page [=[
.SH KUBECTL PLUGIN
The package installs \fBkubectl\-driftscope\fR, a link to \fBdriftscope\-cli\fR,
so that \fBkubectl driftscope\fR runs it as a kubectl plugin.
.SH SEE ALSO
\fBkubectl\fR(1), \fBdriftscope\fR, the graphical application built on the same engine.
.PP
https://github.com/driftscope/driftscope
]=])

file(WRITE "${OUTPUT}" "${page}")
# The installed copy is gzipped, as Debian installs manual pages.
file(ARCHIVE_CREATE OUTPUT "${OUTPUT}.gz" PATHS "${OUTPUT}" FORMAT raw COMPRESSION GZip COMPRESSION_LEVEL 9)
