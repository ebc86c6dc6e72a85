// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>

namespace ds::tmpl {

// Go text/template/parse/lex.go, item for item: the parser's error messages and
// positions depend on exactly how the input is cut into items.
class TemplateLexer
{
public:
    enum class ItemType {
        Error, Bool, Char, CharConstant, Comment, Complex, Assign, Declare, Eof, Field,
        Identifier, LeftDelim, LeftParen, Number, Pipe, RawString, RightDelim, RightParen,
        Space, String, Text, Variable,
        Keyword, // delimits keywords
        Block, Break, Continue, Dot, Define, Else, End, If, Nil, Range, Template, With,
    };

    struct Item
    {
        ItemType type = ItemType::Eof;
        std::size_t pos = 0; // byte offset in the input
        std::string_view value;
        std::string errorText; // for ItemType::Error
        int line = 1;

        // Go's item.String(): "EOF", the error text, <keyword>, or %q (%.10q... when long).
        std::string describe() const;
    };

    TemplateLexer(std::string_view input, bool breakAllowed, bool continueAllowed);

    Item nextItem();

private:
    enum class State { Text, LeftDelim, Comment, RightDelim, InsideAction, Space, Identifier, Field,
                       Variable, Char, Number, Quote, RawQuote, Done };

    static constexpr int kEof = -1;

    int next();
    int peek();
    void backup();
    Item thisItem(ItemType t);
    State emitType(ItemType t);
    State emitItem(Item item);
    void ignore();
    bool accept(std::string_view valid);
    void acceptRun(std::string_view valid);
    State errorf(std::string message);
    bool atTerminator();
    bool atRightDelim(bool &trimSpaces) const;
    bool scanNumber();

    State lexText();
    State lexLeftDelim();
    State lexComment();
    State lexRightDelim();
    State lexInsideAction();
    State lexSpace();
    State lexIdentifier();
    State lexFieldOrVariable(ItemType t);
    State lexChar();
    State lexNumber();
    State lexQuote();
    State lexRawQuote();

    std::string_view m_input;
    std::size_t m_pos = 0;
    std::size_t m_start = 0;
    bool m_atEof = false;
    int m_parenDepth = 0;
    int m_line = 1;
    int m_startLine = 1;
    Item m_item;
    bool m_insideAction = false;
    bool m_breakOk;
    bool m_continueOk;
    int m_lastWidth = 0; // width of the rune returned by the last next()
};

} // namespace ds::tmpl
